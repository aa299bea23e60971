// Redemption list: redeemed stakes.
import { RecordList } from '../../components/RecordList';

export default function Redemption() {
  return (
    <div className="page">
      <RecordList path="/api/user/stake/redemptions" />
    </div>
  );
}
