import { siteConfig } from '../../config';
import { useAnnouncementBar } from '../../contexts/AnnouncementBar';
import { labels } from '../labels';
import './announcement.css';

/** The site-wide notice above the navbar (config: announcementBar). */
export default function AnnouncementBar() {
  const { isActive, close } = useAnnouncementBar();
  const bar = siteConfig.announcementBar;
  if (!bar || !isActive) return null;
  return (
    <div className="announcement-bar" role="region" aria-label="Announcement" style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}>
      <div className="announcement-bar-content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable && (
        <button type="button" className="announcement-bar-close" aria-label={labels.close} onClick={close}>×</button>
      )}
    </div>
  );
}
