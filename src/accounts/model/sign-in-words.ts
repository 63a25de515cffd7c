/**
 * What the sign-in page says for the flow that sent the shopper there (`?type=`): a heading and
 * one line on why signing in helps. Without a type it is plain sign-in to the shopper's account.
 */
import type { SignInKind } from './sign-in-target';

export interface SignInWords {
  heading: string;
  line: string;
}

export const SIGN_IN_WORDS: Record<SignInKind | 'none', SignInWords> = {
  'trade-in': { heading: 'Sign in to value your car', line: 'Your valuation is kept with your account, so you can come back to it.' },
  checkout: { heading: 'Sign in to reserve this car', line: 'We keep your reservation and details with your account while you finish.' },
  finance: { heading: 'Sign in for your finance quote', line: 'Your repayments are worked out for you and kept for when you come back.' },
  'spin-to-win': { heading: 'Sign in to spin to win', line: 'We need to know who you are so we can send you your prize.' },
  'online-payment': { heading: 'Sign in to pay online', line: 'Your payment and receipt are linked to your email address.' },
  'car-finance': { heading: 'Sign in to apply for car finance', line: 'Your application stays private to you and the dealer, and you can finish it later.' },
  'my-garage': { heading: 'Sign in to My Garage', line: 'Keep your saved cars and searches on every device, and hear when prices drop.' },
  none: { heading: 'Sign in', line: 'Keep your saved cars and searches on every device, and hear when prices drop.' },
};

export const signInWords = (type: SignInKind | undefined): SignInWords => SIGN_IN_WORDS[type ?? 'none'];
