// Airdrop data: allocation and releases of the user.
import { RecordList } from '../../components/RecordList';

export default function AirdropData() {
  return (
    <div className="page">
      <RecordList path="/api/user/airdrop/records" />
    </div>
  );
}
