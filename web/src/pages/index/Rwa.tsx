// Real-world assets: what they are, whether the module is open, and their articles.
import { ModuleIntro } from './ModuleIntro';

export default function Rwa() {
  return <ModuleIntro module="rwa" titleKey="page.rwa" introKey="rwa.intro" articleType="rwa" />;
}
