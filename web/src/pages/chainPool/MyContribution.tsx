// My contributions to the chain pool (GET /api/user/contribute/record).
import { RecordList } from '../../components/RecordList';

export default function MyContribution() {
  return (
    <div className="page">
      <RecordList path="/api/user/contribute/record" />
    </div>
  );
}
