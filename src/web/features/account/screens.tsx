import type { ComponentType } from 'react';
import { useLocation } from 'wouter';
import type { ScreenProps } from '../../shared/screen.ts';
import { NotFoundScreen } from '../../shared/ui/not-found-screen.tsx';
import AccountScreen from './account-screen.tsx';
import BeautyProfileScreen from './beauty-profile-screen.tsx';
import ChangePasswordScreen from './change-password-screen.tsx';
import ForgotPasswordScreen from './forgot-password-screen.tsx';
import GoogleCallbackScreen from './google-callback-screen.tsx';
import ProfileScreen from './profile-screen.tsx';
import RegisterScreen from './register-screen.tsx';
import ResetPasswordScreen from './reset-password-screen.tsx';
import SignInScreen from './sign-in-screen.tsx';
import { isAccountScreenPath, type AccountScreenPath } from './paths.ts';

/** The account screens by path: one for each of ACCOUNT_SCREEN_PATHS, which the route table lists. */
export const ACCOUNT_SCREENS: Readonly<Record<AccountScreenPath, ComponentType<ScreenProps>>> = {
  '/sign_in': SignInScreen,
  '/sign_in/google': GoogleCallbackScreen,
  '/register': RegisterScreen,
  '/forgot_password': ForgotPasswordScreen,
  '/reset_password': ResetPasswordScreen,
  '/account': AccountScreen,
  '/account/profile': ProfileScreen,
  '/account/password': ChangePasswordScreen,
  '/account/beauty-profile': BeautyProfileScreen,
};

/**
 * Every account screen in one chunk, picked by path: the route table (part of the first screen)
 * holds one import for all of them, and moving between sign-in, registration and the account
 * pages loads nothing more.
 */
export default function AccountScreens(props: ScreenProps) {
  const [location] = useLocation();
  const Screen = isAccountScreenPath(location) ? ACCOUNT_SCREENS[location] : null;
  return Screen ? <Screen {...props} /> : <NotFoundScreen path={location} reason="unknown" />;
}
