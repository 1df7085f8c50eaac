import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import type { RoleKey } from '@portal/contracts';
import { RequireRole, SuperadminOnly } from '../features/auth';
import { PublicLayout } from '../layouts/PublicLayout';
import { FullPageLoader } from '../shared/ui';
import RouteErrorPage from '../features/not-found/RouteErrorPage';
import type { CatalogueRowAction } from '../features/catalogue/rowAction';
import { RootShell } from './RootShell';

// The signed-in shell (header, sidebar, their icons and queries) is not part of the sign-in screen's download.
const AppLayout = lazy(() => import('../layouts/AppLayout').then((m) => ({ default: m.AppLayout })));
function SignedInLayout({ role }: { role: RoleKey }) {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AppLayout role={role} />
    </Suspense>
  );
}

// Each screen is its own chunk; later issues replace the page module, not the route table.
const LoginPage = lazy(() => import('../features/auth/pages/LoginPage'));
/** The sign-in's second-factor steps (two-factor feature), loaded only when a sign-in needs them. */
const SECOND_FACTOR = {
  Code: lazy(() => import('../features/two-factor/components/CodeStep').then((m) => ({ default: m.CodeStep }))),
  Enrolment: lazy(() =>
    import('../features/two-factor/components/EnrolmentStep').then((m) => ({ default: m.EnrolmentStep })),
  ),
};
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/ResetPasswordPage'));
const InvitationPage = lazy(() => import('../features/auth/pages/InvitationPage'));
const ConfirmEmailPage = lazy(() => import('../features/account/pages/ConfirmEmailPage'));
const CompaniesPage = lazy(() => import('../features/companies/pages/CompaniesPage'));
const CompanyDetailPage = lazy(() => import('../features/companies/pages/CompanyDetailPage'));
const CompanyEditPage = lazy(() => import('../features/companies/pages/CompanyEditPage'));
const CompanyUserPage = lazy(() => import('../features/companies/pages/CompanyUserPage'));
const AdministratorsPage = lazy(() => import('../features/users/pages/AdministratorsPage'));
const UserDetailPage = lazy(() => import('../features/users/pages/UserDetailPage'));
const EmployeeInfoPage = lazy(() => import('../features/users/pages/EmployeeInfoPage'));
const NotificationsPage = lazy(() => import('../features/notifications/pages/NotificationsPage'));
const CatalogPage = lazy(() => import('../features/catalogue/pages/CatalogPage'));
const CataloguePricelistActions = lazy(() =>
  import('../features/pricelists').then((m) => ({ default: m.CataloguePricelistActions })),
);
const QuoteDraftBar = lazy(() => import('../features/quotes').then((m) => ({ default: m.QuoteDraftBar })));
const PriceChangeBanner = lazy(() =>
  import('../features/price-changes').then((m) => ({ default: m.PriceChangeBanner })),
);
const PriceChangesPage = lazy(() => import('../features/price-changes/pages/PriceChangesPage'));
const OrderBar = lazy(() => import('../features/orders').then((m) => ({ default: m.OrderBar })));
const YourItems = lazy(() => import('../features/orders').then((m) => ({ default: m.YourItems })));
const AddVariantToOrder = lazy(() => import('../features/orders').then((m) => ({ default: m.AddVariantToOrder })));
/** The end of each variant row of the customers' catalogue: its quantity and "Add to order". */
const orderRowAction: CatalogueRowAction = (item) => (
  <Suspense fallback={null}>
    <AddVariantToOrder variant={item} />
  </Suspense>
);
/**
 * The customers' catalogue, with the price-list buttons, the banner of announced price changes, the
 * order (its drawer, "Add to order" on every row and the company's agreed items, "Your items") and the
 * quote draft (higher features, composed here).
 */
const customerCatalog = (
  <CatalogPage
    rowAction={orderRowAction}
    actions={<CataloguePricelistActions />}
    draftBar={
      <>
        <PriceChangeBanner />
        <OrderBar />
        <YourItems />
        <QuoteDraftBar />
      </>
    }
  />
);
const SettingsPage = lazy(() => import('../features/account/pages/SettingsPage'));
const HelpPage = lazy(() => import('../features/help/pages/HelpPage'));
const MyCompanyPage = lazy(() => import('../features/mycompany/pages/MyCompanyPage'));
const NotFoundPage = lazy(() => import('../features/not-found/NotFoundPage'));
const AuditLogPage = lazy(() => import('../features/audit/pages/AuditLogPage'));
const ActivityPage = lazy(() => import('../features/audit/pages/ActivityPage'));
const DemandPage = lazy(() => import('../features/demand/pages/DemandPage'));
const QuotesPage = lazy(() => import('../features/quotes/pages/QuotesPage'));
const SitesPage = lazy(() => import('../features/programme/pages/SitesPage'));
const SitePage = lazy(() => import('../features/programme/pages/SitePage'));
const DuePage = lazy(() => import('../features/programme/pages/DuePage'));
const ForecastPage = lazy(() => import('../features/programme/pages/ForecastPage'));
const QuoteDeskPage = lazy(() => import('../features/quotes/pages/QuoteDeskPage'));
const QuoteDetailPage = lazy(() => import('../features/quotes/pages/QuoteDetailPage'));
const OrdersPage = lazy(() => import('../features/orders/pages/OrdersPage'));
const OrderDeskPage = lazy(() => import('../features/orders/pages/OrderDeskPage'));
const OrderDetailPage = lazy(() => import('../features/orders/pages/OrderDetailPage'));
const OperationsPage = lazy(() => import('../features/operations/pages/OperationsPage'));

/** Route tables. */
export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { index: true, element: <LoginPage secondFactor={SECOND_FACTOR} /> },
          { path: 'login', element: <LoginPage secondFactor={SECOND_FACTOR} /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'forgotpassword', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'invitation', element: <InvitationPage /> },
          { path: 'confirm-email', element: <ConfirmEmailPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'superadmin',
        element: (
          <RequireRole key="superadmin" role="superadmin">
            <SignedInLayout role="superadmin" />
          </RequireRole>
        ),
        children: [
          { index: true, element: <Navigate to="companies" replace /> },
          { path: 'companies', element: <CompaniesPage /> },
          { path: 'companies/edit/:id', element: <CompanyEditPage /> },
          { path: 'companies/:id', element: <CompanyDetailPage /> },
          { path: 'companies/:id/user/:userId', element: <CompanyUserPage /> },
          { path: 'administrators', element: <AdministratorsPage /> },
          { path: 'administrators/:id', element: <UserDetailPage /> },
          {
            path: 'notifications',
            element: (
              <SuperadminOnly>
                <NotificationsPage />
              </SuperadminOnly>
            ),
          },
          { path: 'catalog', element: <CatalogPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'audit', element: <AuditLogPage /> },
          { path: 'demand', element: <DemandPage /> },
          { path: 'quotes', element: <QuoteDeskPage /> },
          { path: 'quotes/:id', element: <QuoteDetailPage /> },
          { path: 'orders', element: <OrderDeskPage /> },
          { path: 'orders/:id', element: <OrderDetailPage /> },
          { path: 'operations', element: <OperationsPage /> },
          { path: 'forecast', element: <ForecastPage /> },
          { path: 'price-changes', element: <PriceChangesPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'admin',
        element: (
          <RequireRole key="admin" role="admin">
            <SignedInLayout role="admin" />
          </RequireRole>
        ),
        children: [
          { index: true, element: <Navigate to="mycompany" replace /> },
          { path: 'mycompany', element: <MyCompanyPage /> },
          { path: 'employee/:id', element: <UserDetailPage /> },
          { path: 'mycompany/employee/:id', element: <UserDetailPage /> },
          { path: 'employeeinfo', element: <EmployeeInfoPage /> },
          { path: 'catalog', element: customerCatalog },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'help', element: <HelpPage /> },
          { path: 'activity', element: <ActivityPage /> },
          { path: 'quotes', element: <QuotesPage /> },
          { path: 'quotes/:id', element: <QuoteDetailPage /> },
          { path: 'sites', element: <SitesPage /> },
          { path: 'sites/:id', element: <SitePage /> },
          { path: 'programme/due', element: <DuePage /> },
          { path: 'orders', element: <OrdersPage /> },
          { path: 'orders/:id', element: <OrderDetailPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: 'employee',
        element: (
          <RequireRole key="employee" role="employee">
            <SignedInLayout role="employee" />
          </RequireRole>
        ),
        children: [
          { index: true, element: <Navigate to="catalog" replace /> },
          { path: 'dashboard', element: <Navigate to="/employee/catalog" replace /> },
          { path: 'catalog', element: customerCatalog },
          { path: 'quotes', element: <QuotesPage /> },
          { path: 'quotes/:id', element: <QuoteDetailPage /> },
          { path: 'sites', element: <SitesPage /> },
          { path: 'sites/:id', element: <SitePage /> },
          { path: 'programme/due', element: <DuePage /> },
          { path: 'orders', element: <OrdersPage /> },
          { path: 'orders/:id', element: <OrderDetailPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'help', element: <HelpPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
