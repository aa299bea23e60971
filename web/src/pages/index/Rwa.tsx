// Articles of type 'rwa' (GET /api/common/article/list?type=rwa).
import { ArticleList } from './Docs';

export default function Rwa() {
  return (
    <div className="page">
      <ArticleList type="rwa" />
    </div>
  );
}
