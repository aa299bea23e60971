// Unlock details: every airdrop and presale release.
import { RecordList } from '../../components/RecordList';

export default function UnlockDetails() {
  return (
    <div className="page">
      <RecordList path="/api/user/airdrop/unlocks" />
    </div>
  );
}
