// Public chain: intro and articles, the chain pool's open state, and the Huan Li Bao section
// (Huan Li Bao has no route of its own; its home entry leads here).
import { Hlb } from './Hlb';
import { ModuleIntro } from './ModuleIntro';

export default function Chain() {
  return (
    <ModuleIntro module="chain_pool" titleKey="page.chainIntro" introKey="chain.intro" articleType="chain">
      <Hlb />
    </ModuleIntro>
  );
}
