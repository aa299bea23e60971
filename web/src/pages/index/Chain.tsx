// Articles of type 'chain' (GET /api/common/article/list?type=chain).
import { ArticleList } from './Docs';

export default function Chain() {
  return (
    <div className="page">
      <ArticleList type="chain" />
    </div>
  );
}
