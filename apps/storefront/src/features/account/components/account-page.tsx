import { Navigate } from '@tanstack/react-router';
import { isAccountPage } from '../account-loader';
import { MyOrdersPage } from './my-orders-page';
import { MyProfilePage } from './my-profile-page';

/** The page the address names (the loader sent anything else home). */
export function AccountPage({ page }: { readonly page: string }) {
  if (!isAccountPage(page)) return <Navigate to="/" replace />;
  return page === 'my-orders' ? <MyOrdersPage /> : <MyProfilePage />;
}
