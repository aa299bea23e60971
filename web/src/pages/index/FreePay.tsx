// Articles of type 'freepay' (GET /api/common/article/list?type=freepay).
import { ArticleList } from './Docs';

export default function FreePay() {
  return (
    <div className="page">
      <ArticleList type="freepay" />
    </div>
  );
}
