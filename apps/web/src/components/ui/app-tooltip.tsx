import { Tooltip, type TooltipProps } from '@mantine/core';

export const TOOLTIP_COLORS = {
  light: 'gray',
  primary: 'primary',
  info: 'info',
  success: 'success',
  warning: 'warning',
  error: 'error',
} as const;
export type TooltipColor = keyof typeof TOOLTIP_COLORS;
export type TooltipPosition = 'top' | 'bottom' | 'left' | 'right';
export type TooltipShape = 'rounded' | 'bubble';

export interface AppTooltipProps extends Omit<TooltipProps, 'color' | 'position' | 'radius'> {
  position?: TooltipPosition;
  color?: TooltipColor;
  shape?: TooltipShape;
}

/** The spec's tooltip: top by default, six colours, rounded or bubble (pill with an arrow). */
export function AppTooltip({
  position = 'top',
  color = 'light',
  shape = 'rounded',
  ...rest
}: AppTooltipProps) {
  const bubble = shape === 'bubble';
  return (
    <Tooltip
      {...rest}
      position={position}
      color={TOOLTIP_COLORS[color]}
      c={color === 'light' ? 'dark' : undefined}
      radius={bubble ? 'xl' : 'sm'}
      withArrow={bubble || rest.withArrow}
    />
  );
}
