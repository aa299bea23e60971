// Flow records: every ledger movement of the user (GET /api/user/finance).
import { RecordList } from '../../components/RecordList';

export default function Finance() {
  return (
    <div className="page">
      <RecordList path="/api/user/finance" />
    </div>
  );
}
