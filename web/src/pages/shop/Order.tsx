// Staking orders of the signed-in user.
import { RecordList } from '../../components/RecordList';

export default function Order() {
  return (
    <div className="page">
      <RecordList path="/api/user/stake/orders" />
    </div>
  );
}
