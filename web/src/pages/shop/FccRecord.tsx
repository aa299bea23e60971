// FCC details: the user's FCC movements (flow records filtered to FCC).
import { RecordList } from '../../components/RecordList';

export default function FccRecord() {
  return (
    <div className="page">
      <RecordList path="/api/user/finance" params={{ asset: 'FCC' }} />
    </div>
  );
}
