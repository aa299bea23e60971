// FCC details: the user's FCC movements (GET /api/user/fcc/records).
import { RecordItem, RecordList } from '../../components/RecordList';

export default function FccRecord() {
  return (
    <div className="page">
      <RecordList
        path="/api/user/fcc/records"
        renderItem={(row) => <RecordItem row={{ ...row, asset: 'FCC' }} />}
      />
    </div>
  );
}
