import AccountScreen from '../features/account/account-screen.tsx';
import { BeautyPassSection } from '../features/loyalty/beauty-pass-section.tsx';

/**
 * `/account`: the account feature's dashboard with the loyalty feature's Beauty Pass section in
 * it. Features never import each other, so the shell puts the two together here, in the
 * dashboard's own chunk (loaded through the later-screens chunk, route-manifest.ts): no first screen carries either.
 */
export default function AccountDashboardScreen() {
  return <AccountScreen beautyPass={<BeautyPassSection />} />;
}
