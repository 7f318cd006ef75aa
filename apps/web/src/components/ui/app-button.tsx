import { Button, type ButtonProps, type ElementProps } from '@mantine/core';

export const BUTTON_COLORS = [
  'primary',
  'info',
  'success',
  'warning',
  'danger',
  'white',
  'dark',
  'light',
] as const;
export type ButtonColor = (typeof BUTTON_COLORS)[number];
export const BUTTON_SIZES = { medium: 'md', big: 'lg', huge: 'xl' } as const;
export type ButtonSize = keyof typeof BUTTON_SIZES;

export interface AppButtonProps
  extends Omit<ButtonProps, 'color' | 'size' | 'variant'>,
    ElementProps<'button', keyof ButtonProps> {
  color?: ButtonColor;
  size?: ButtonSize;
  outline?: boolean;
}

/** Maps the spec's button colours to Mantine colour + variant. */
export function buttonStyle(color: ButtonColor, outline = false): { color: string; variant: string } {
  if (color === 'white') return { color: 'primary', variant: 'white' };
  if (color === 'light') return { color: 'gray', variant: 'light' };
  return { color, variant: outline ? 'outline' : 'filled' };
}

export function AppButton({ color = 'primary', size = 'medium', outline, ...rest }: AppButtonProps) {
  const style = buttonStyle(color, outline);
  return <Button {...rest} color={style.color} variant={style.variant} size={BUTTON_SIZES[size]} />;
}
