// AI chain games.
import { RecordList } from '../../components/RecordList';

export default function Game() {
  return (
    <div className="page">
      <RecordList path="/api/common/games" personal={false} />
    </div>
  );
}
