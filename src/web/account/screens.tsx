import type { ComponentType } from 'react';
import { useLocation } from 'wouter';
import type { ScreenProps } from '../routes.tsx';
import { NotFoundScreen } from '../screens/NotFoundScreen.tsx';
import AccountScreen from './AccountScreen.tsx';
import BeautyProfileScreen from './BeautyProfileScreen.tsx';
import ChangePasswordScreen from './ChangePasswordScreen.tsx';
import ForgotPasswordScreen from './ForgotPasswordScreen.tsx';
import GoogleCallbackScreen from './GoogleCallbackScreen.tsx';
import ProfileScreen from './ProfileScreen.tsx';
import RegisterScreen from './RegisterScreen.tsx';
import ResetPasswordScreen from './ResetPasswordScreen.tsx';
import SandboxMailboxScreen from './SandboxMailboxScreen.tsx';
import SignInScreen from './SignInScreen.tsx';

/** The account screens by path; the route table lists the same paths (ACCOUNT_PATHS in routes.tsx). */
export const ACCOUNT_SCREENS: Readonly<Record<string, ComponentType<ScreenProps>>> = {
  '/sign_in': SignInScreen,
  '/sign_in/google': GoogleCallbackScreen,
  '/register': RegisterScreen,
  '/forgot_password': ForgotPasswordScreen,
  '/reset_password': ResetPasswordScreen,
  '/account': AccountScreen,
  '/account/profile': ProfileScreen,
  '/account/password': ChangePasswordScreen,
  '/account/beauty-profile': BeautyProfileScreen,
  '/sandbox/mailbox': SandboxMailboxScreen,
};

/**
 * Every account screen in one chunk, picked by path: the route table (part of the first screen)
 * holds one import for all of them, and moving between sign-in, registration and the account
 * pages loads nothing more.
 */
export default function AccountScreens(props: ScreenProps) {
  const [location] = useLocation();
  const Screen = ACCOUNT_SCREENS[location];
  return Screen ? <Screen {...props} /> : <NotFoundScreen path={location} reason="unknown" />;
}
