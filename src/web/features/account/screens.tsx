import type { ComponentType } from 'react';
import { useLocation } from 'wouter';
import type { ScreenProps } from '../../app/routes.tsx';
import { NotFoundScreen } from '../../shared/ui/not-found-screen.tsx';
import AccountScreen from './account-screen.tsx';
import BeautyProfileScreen from './beauty-profile-screen.tsx';
import ChangePasswordScreen from './change-password-screen.tsx';
import ForgotPasswordScreen from './forgot-password-screen.tsx';
import GoogleCallbackScreen from './google-callback-screen.tsx';
import ProfileScreen from './profile-screen.tsx';
import RegisterScreen from './register-screen.tsx';
import ResetPasswordScreen from './reset-password-screen.tsx';
import SandboxMailboxScreen from '../sandbox/sandbox-mailbox-screen.tsx';
import SignInScreen from './sign-in-screen.tsx';

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
