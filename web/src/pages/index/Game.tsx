// AI chain games: what they are, whether the module is open, and their articles.
import { ModuleIntro } from './ModuleIntro';

export default function Game() {
  return <ModuleIntro module="games" titleKey="page.games" introKey="game.intro" articleType="game" />;
}
