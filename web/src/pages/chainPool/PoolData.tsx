// Mining pool data: contributions by class, public.
import { RecordList } from '../../components/RecordList';

export default function PoolData() {
  return (
    <div className="page">
      <RecordList path="/api/common/pool/data" personal={false} />
    </div>
  );
}
