// Burn data: the user's burns, with their on-chain confirmation state.
import { RecordList } from '../../components/RecordList';

export default function BurnData() {
  return (
    <div className="page">
      <RecordList path="/api/user/burn/records" />
    </div>
  );
}
