import { siteConfig } from '../../config';
import Link from '../Link';
import './footer.css';

const columns = [
  { title: 'Docs', items: [
    { label: 'Getting started', to: '/api/getting-started' },
    { label: 'zkVM overview', to: '/api/zkvm' },
    { label: 'Install', to: '/api/zkvm/install' },
    { label: 'Litepaper', to: '/litepaper' },
  ] },
  { title: 'Learn', items: [
    { label: 'Education Hub', to: '/education' },
    { label: 'Proof system', to: '/proof-system' },
    { label: 'Terminology', to: '/terminology' },
    { label: 'Study Club', to: '/studyclub' },
  ] },
  { title: 'Community', items: siteConfig.community.map((c) => ({ label: c.label, to: 'href' in c ? c.href : c.to })) },
  { title: 'More', items: [
    { label: 'FAQ', to: '/faq' },
    { label: 'Blog', to: siteConfig.blogUrl },
    { label: 'GitHub', to: siteConfig.githubUrl },
  ] },
];

export default function Footer() {
  return (
    <footer className="footer">
      <div className="footer-columns">
        {columns.map((col) => (
          <div key={col.title} className="footer-col">
            <h2 className="footer-title">{col.title}</h2>
            <ul>{col.items.map((it) => <li key={it.label}><Link to={it.to}>{it.label}</Link></li>)}</ul>
          </div>
        ))}
      </div>
      <p className="footer-copyright">{siteConfig.copyright}</p>
    </footer>
  );
}
