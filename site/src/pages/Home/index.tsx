import { siteConfig } from '../../config';
import Link from '../../theme/Link';
import './home.css';

const paths = [
  { title: 'Build your first zkVM app', to: '/api/zkvm/quickstart',
    text: 'Install the toolchain with rzup, create a project from the template, and prove a Rust program in a few minutes.' },
  { title: 'Write guest and host code', to: '/api/zkvm',
    text: 'Learn how a guest reads private input and commits public output, and how the host runs the prover and checks the receipt.' },
  { title: 'Prove faster, or elsewhere', to: '/api/generating-proofs/proving-options',
    text: 'Choose between local CPU and GPU proving, remote proving on Bonsai, and dev mode while you iterate.' },
  { title: 'Verify on Ethereum', to: '/api/blockchain-integration/contracts/verifier',
    text: 'Compress a receipt to a Groth16 proof and verify it in a Solidity contract for a few hundred thousand gas.' },
  { title: 'Understand the proof system', to: '/proof-system',
    text: 'Follow a STARK from RISC-V execution trace to FRI, with worked examples in the Education Hub.' },
  { title: 'Look up a term', to: '/terminology',
    text: 'Receipts, journals, image IDs, segments, seals: every word the docs use, defined in one place.' },
];

export default function Home() {
  return (
    <main id="__main" className="home">
      <header className="hero">
        <h1 className="hero-title">RISC Zero Developer Docs</h1>
        <p className="hero-tagline">{siteConfig.tagline}</p>
        <p className="hero-text">
          The RISC Zero zkVM proves that a program ran correctly. You write ordinary Rust, compile it for RISC-V,
          and get back a receipt: the program's public output together with a succinct cryptographic proof that
          anyone can check, without rerunning the program and without seeing its private inputs.
        </p>
        <div className="hero-actions">
          <Link to="/api/getting-started" className="button button-primary">Get started</Link>
          <Link to="/litepaper" className="button">Read the litepaper</Link>
        </div>
      </header>
      <section className="home-paths" aria-label="Where to start">
        {paths.map((p) => (
          <Link key={p.to} to={p.to} className="home-card">
            <h2>{p.title}</h2>
            <p>{p.text}</p>
          </Link>
        ))}
      </section>
      <section className="home-how">
        <h2>How it works</h2>
        <ol>
          <li><b>Guest.</b> Your Rust program, compiled to the RV32IM instruction set, runs inside the zkVM and writes its public results to the journal.</li>
          <li><b>Execution.</b> The executor runs the guest and splits long runs into segments, so proofs of any length fit in bounded memory.</li>
          <li><b>Proving.</b> Each segment is proven with a STARK; recursion folds the segment proofs into one succinct receipt, optionally wrapped in Groth16 for cheap on-chain checks.</li>
          <li><b>Verification.</b> Anyone holding the receipt and the program's image ID can check that this exact program produced this journal.</li>
        </ol>
      </section>
    </main>
  );
}
