import type { ReactNode } from 'react';
import Footer from '../Footer';
import Navbar from '../Navbar';
import ProgressBar from '../ProgressBar';
import '../../css/vars.css';
import '../../css/global.css';

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-to-content" href="#__main">Skip to main content</a>
      <ProgressBar />
      <Navbar />
      <div className="layout-body">{children}</div>
      <Footer />
    </>
  );
}
