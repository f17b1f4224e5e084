import { Drawer } from 'antd';
import type { ReactNode } from 'react';
import { layoutSizes } from '../theme/palette';

interface SideDrawerProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
}

/** The console's right-hand drawer: 600 wide (spec "Business constants and limits"). */
export function SideDrawer({ title, open, onClose, children, footer }: SideDrawerProps) {
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      size={layoutSizes.drawerWidth}
      placement="right"
      destroyOnHidden
      footer={footer}
    >
      {children}
    </Drawer>
  );
}
