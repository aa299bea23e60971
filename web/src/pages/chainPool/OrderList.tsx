// Chain pool orders of the signed-in user.
import { RecordList } from '../../components/RecordList';

export default function OrderList() {
  return (
    <div className="page">
      <RecordList path="/api/user/pool/orders" />
    </div>
  );
}
