import type { ThemeConfig } from 'antd';
import { palette, layoutSizes, systemFontStack } from './palette';

/** design.md: the tokens set once; a dark theme is one algorithm away. */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: palette.primary,
    colorInfo: palette.primary,
    colorLink: palette.primary,
    borderRadius: 8,
    fontFamily: systemFontStack,
    colorBgLayout: palette.recededOcean,
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
      itemSelectedColor: palette.primary,
      itemMarginInline: 8,
      activeBarBorderWidth: 0,
    },
    Card: {
      borderRadiusLG: 8,
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
