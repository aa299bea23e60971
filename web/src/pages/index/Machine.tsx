// Mining machines on offer.
import { RecordList } from '../../components/RecordList';

export default function Machine() {
  return (
    <div className="page">
      <RecordList path="/api/common/machines" personal={false} />
    </div>
  );
}
