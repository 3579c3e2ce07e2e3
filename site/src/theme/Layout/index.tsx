import type { ReactNode } from 'react';
import AnnouncementBar from '../AnnouncementBar';
import Footer from '../Footer';
import { labels } from '../labels';
import Navbar from '../Navbar';
import ProgressBar from '../ProgressBar';
import '../../css/vars.css';
import '../../css/global.css';

export default function Layout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-to-content" href="#__main">{labels.skipToContent}</a>
      <ProgressBar />
      <AnnouncementBar />
      <Navbar />
      <div className="layout-body">{children}</div>
      <Footer />
    </>
  );
}
