// Articles of type 'announcement' (GET /api/common/article/list?type=announcement).
import { ArticleList } from './Docs';

export default function Announcement() {
  return (
    <div className="page">
      <ArticleList type="announcement" />
    </div>
  );
}
