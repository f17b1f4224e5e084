import { theme as antdThemes, type ThemeConfig } from 'antd';
import { useSyncExternalStore } from 'react';
import { colorScheme, subscribeColorScheme, type ColorScheme } from './color-scheme';
import { palette, layoutSizes, systemFontStack } from './palette';

/** design.md: the tokens set once; the dark theme is antd's dark algorithm plus darkTokens. */
const lightTheme: ThemeConfig = {
  token: {
    colorPrimary: palette.primary,
    colorInfo: palette.primary,
    // Links and hovers one shade darker than the primary: 5:1 or more on white and on tints.
    colorLink: '#1a5fd0',
    colorLinkHover: '#1456c2',
    colorPrimaryHover: '#1a5fd0',
    borderRadius: 8,
    fontFamily: systemFontStack,
    colorBgLayout: palette.recededOcean,
    // WCAG 2.2 AA (issue 40, docs/accessibility.md): antd's default red, grey and placeholder
    // text read under 4.5:1 on white; these read 4.5:1 or more.
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    colorTextDisabled: 'rgba(0, 0, 0, 0.55)',
  },
  components: {
    Layout: {
      headerBg: palette.navy,
      headerHeight: layoutSizes.headerHeight,
      headerPadding: '0 20px',
      headerColor: palette.textOnNavy,
      bodyBg: 'transparent',
      siderBg: palette.surface,
      lightSiderBg: palette.surface,
      lightTriggerBg: palette.surface,
      lightTriggerColor: 'rgba(11, 31, 51, 0.6)',
      triggerHeight: 44,
    },
    Menu: {
      itemBorderRadius: 8,
      itemSelectedBg: '#e8f0fe',
      itemSelectedColor: '#1456c2',
      itemMarginInline: 8,
      activeBarBorderWidth: 0,
    },
    Card: {
      borderRadiusLG: 8,
    },
    // Buttons one shade under the primary: an outlined button's blue text (hovered, focused)
    // reads 4.3:1 on the page's tint in #1f6feb, 5:1 or more in these.
    Button: {
      colorPrimary: '#1a5fd0',
      colorPrimaryHover: '#1456c2',
      colorPrimaryActive: '#0f469e',
      defaultHoverColor: '#1a5fd0',
      defaultHoverBorderColor: '#1a5fd0',
      defaultActiveColor: '#1456c2',
    },
    // A tag's text on its pale background: antd's shade 7 of green, gold, orange, volcano and
    // cyan (and its status colours) read under 4.5:1, so those tags write in a darker shade.
    Tag: {
      colorSuccess: '#237804',
      colorWarning: '#874d00',
      colorInfo: '#1a5fd0',
      colorPrimary: '#1a5fd0',
      colorPrimaryHover: '#1456c2',
      green7: '#237804',
      gold7: '#874d00',
      orange7: '#ad4e00',
      volcano7: '#ad2102',
      cyan7: '#006d75',
    },
    Drawer: {
      footerPaddingInline: 24,
    },
    // Notices fit the right sidebar's column (shared/notifications/notify.ts): its width less
    // antd's 24 px margin and a 16 px gap from its border.
    Notification: {
      width: layoutSizes.rightSidebarWidth - 40,
    },
  },
};

/** The dark theme (issue 40): the console's CSS variables' dark values, each text 4.5:1 or more. */
const darkTheme: ThemeConfig = {
  algorithm: antdThemes.darkAlgorithm,
  token: {
    // No blue reads 4.5:1 both under white text and as text on these surfaces: the dark theme's
    // primary is light, and what is written on it (buttons, solid tags, badges) is navy.
    colorPrimary: '#6cb6ff',
    colorInfo: '#6cb6ff',
    colorTextLightSolid: '#0b1f33',
    colorLink: '#6cb6ff',
    colorLinkHover: '#8fc8ff',
    borderRadius: 8,
    fontFamily: systemFontStack,
    colorBgLayout: '#0c131b',
    colorBgContainer: '#141c26',
    colorBgElevated: '#1b2633',
    colorError: '#ff7b72',
    colorErrorText: '#ff7b72',
    colorTextDescription: 'rgba(255, 255, 255, 0.68)',
    colorTextTertiary: 'rgba(255, 255, 255, 0.66)',
    colorTextPlaceholder: 'rgba(255, 255, 255, 0.58)',
    colorTextDisabled: 'rgba(255, 255, 255, 0.5)',
  },
  components: {
    ...lightTheme.components,
    Layout: {
      ...lightTheme.components?.Layout,
      siderBg: '#141c26',
      lightSiderBg: '#141c26',
      lightTriggerBg: '#141c26',
      lightTriggerColor: 'rgba(255, 255, 255, 0.66)',
    },
    Menu: {
      ...lightTheme.components?.Menu,
      itemSelectedBg: 'rgba(56, 139, 253, 0.18)',
      itemSelectedColor: '#8fc8ff',
    },
    Button: { colorPrimaryHover: '#8fc8ff', colorPrimaryActive: '#4c9aff' },
    // antd's dark tags already write light on dark; the light theme's darker shades would not read.
    // A checkable tag writes in the primary: the lightest blue, to read on the tag's grey.
    Tag: { colorPrimary: '#8fc8ff', colorPrimaryHover: '#8fc8ff', colorPrimaryActive: '#6cb6ff' },
    // The dark algorithm derives a dimmer red for form errors; they must read on tinted rows too.
    Form: { colorError: '#ff7b72' },
    // A tooltip's text sits on antd's dark grey, not on the primary: white there.
    Tooltip: { colorTextLightSolid: '#ffffff' },
  },
};

/** The same theme without antd's motion (drawers, dialogs and lists appear without sliding). */
function still(theme: ThemeConfig): ThemeConfig {
  return { ...theme, token: { ...theme.token, motion: false } };
}

const stillThemes = { light: still(lightTheme), dark: still(darkTheme) };

export function antdTheme(scheme: ColorScheme, reducedMotion = false): ThemeConfig {
  if (reducedMotion) return stillThemes[scheme];
  return scheme === 'dark' ? darkTheme : lightTheme;
}

const reducedMotionQuery =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)')
    : undefined;

function subscribeReducedMotion(listener: () => void): () => void {
  reducedMotionQuery?.addEventListener('change', listener);
  return () => reducedMotionQuery?.removeEventListener('change', listener);
}

const prefersReducedMotion = () => reducedMotionQuery?.matches ?? false;

/**
 * antd's theme for the theme shown now, following the account menu's switch and the system; still
 * for a reader whose system asks for reduced motion (WCAG 2.3.3), as the console's own CSS is.
 */
export function useAntdTheme(): ThemeConfig {
  return antdTheme(
    useSyncExternalStore(subscribeColorScheme, colorScheme),
    useSyncExternalStore(subscribeReducedMotion, prefersReducedMotion),
  );
}
