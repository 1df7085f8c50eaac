import type { RoleKey } from '@portal/contracts';

export interface FaqEntry {
  id: string;
  question: string;
  /** Paragraphs of the answer. */
  answer: string[];
}

type HelpRole = Extract<RoleKey, 'admin' | 'employee'>;

const prices: FaqEntry = {
  id: 'prices',
  question: 'Why are the prices in the catalog different from the list price?',
  answer: [
    'Every price you see is already your company’s price. The supplier gives each company its own multipliers (one for most filters, and separate ones for Rigid Flow and Minipro), and the catalog applies them to the list price before showing it.',
    'Prices are shown in dollars, rounded to the cent. If a price looks wrong, contact the office: multipliers are set by the supplier and cannot be changed from your account.',
  ],
};

const pricesAdmin: FaqEntry = {
  ...prices,
  question: 'How are our prices calculated, and can I change our multipliers?',
  answer: [
    'Your company has its own multipliers (one for most filters, and separate ones for Rigid Flow and Minipro). The catalog multiplies the list price by them, so everyone in your company sees the same company price, already discounted.',
    'Administrators cannot change the multipliers: the supplier sets them as part of your company’s agreement. To review your pricing, contact the office.',
  ],
};

const partNumber: FaqEntry = {
  id: 'part-number',
  question: 'How do I find a filter by its part number?',
  answer: [
    'Open the Catalog and type the part number into the search box. The matching product opens with its sizes, part numbers and your price.',
    'If nothing is found, check the part number for typos, or browse by category (for example MERV 13 or Carbon) and sub-category instead.',
  ],
};

const measure: FaqEntry = {
  id: 'measure',
  question: 'How do I measure a filter, and what is the difference between nominal and actual size?',
  answer: [
    'Filters are listed by their nominal size (the rounded size printed on the frame, such as 20 × 25 × 1) and their actual size, which is usually about half an inch smaller in width and height (such as 19 1/2 × 24 1/2 × 1). Both are shown in the catalog, except for Rigid Flow.',
    'Measure width × height × depth in inches with a tape measure. You can read the size off the old filter’s frame, or measure the filter itself or the opening it sits in. Write down fractions as you read them: 20 1/2, 20.5 and .5 are all accepted.',
  ],
};

const oddSize: FaqEntry = {
  id: 'odd-size',
  question: 'My filter is not a standard size. How does the odd-size search work?',
  answer: [
    'Use the Odd Size Search panel next to the catalog: enter width, height and depth in inches (depth defaults to 1) and press Search. The + and − buttons step by 1/2 inch; every measurement must be at least 1/8 inch.',
    'By default the search treats whole numbers as nominal sizes and takes 1/2 inch off the width and height to find filters that fit. Tick "exact measurements" if you measured the filter itself; a fraction or decimal in any field switches exact measurements on automatically.',
    'Filters with both sides over 30 inches are only available 1 inch deep. The panel is not available for Bag Filters, V-Cells, Minipro and Rigid Flow.',
    'Odd sizes are made to order. If the search finds nothing ("No results found. Please contact the office for custom options."), contact the office with your exact measurements and we will quote a custom size.',
  ],
};

const passwords: FaqEntry = {
  id: 'passwords',
  question: 'How do I change or reset my password?',
  answer: [
    'Signed in: go to Settings → Change Password, enter your current password and the new one twice. Passwords need at least 8 characters; a mix of upper- and lowercase letters, numbers and special characters makes them stronger. Changing your password signs you out on your other devices.',
    'Forgot it: choose "Forgot password?" on the sign-in page and enter your email. The reset link in the email is valid for 1 hour and works once; if it has expired, request a new one.',
  ],
};

const profile: FaqEntry = {
  id: 'profile',
  question: 'How do I update my name, email or profile picture?',
  answer: [
    'Go to Settings → Personal Details. You can edit your user name and email and upload a profile picture (PNG, JPEG or WebP, up to 5 MB). Your role is set by your company and cannot be changed there.',
  ],
};

const employeesAdmin: FaqEntry = {
  id: 'employees',
  question: 'How do I add, disable or remove employees?',
  answer: [
    'Open My Company. Add Employee creates an account with a user name, email and password; the employee receives their account information by email.',
    'Open an employee to change their name, email or status. Set the status to Inactive to disable the account without deleting it (they can no longer sign in), or use Delete to remove it. Tick several employees in the list to delete them together.',
    'If an employee lost their welcome email or forgot their password, open their page and use "Resend Account Information?": they receive the sign-in link and a link to set a new password (passwords are never sent by email).',
  ],
};

const accessEmployee: FaqEntry = {
  id: 'access',
  question: 'I cannot sign in, or I need access for a colleague. Who can help?',
  answer: [
    'Your company’s administrator manages employee accounts: they can add colleagues, re-enable a disabled account and resend your account information. If you forgot your password, use "Forgot password?" on the sign-in page.',
  ],
};

const companyAdmin: FaqEntry = {
  id: 'company',
  question: 'How do I update our company details or logo?',
  answer: [
    'Go to Settings → Company/License to see your company name and upload a company image. To change the company name or your pricing, contact the office.',
  ],
};

const contact = (admin: boolean): FaqEntry => ({
  id: 'contact',
  question: 'Who do I contact for help?',
  answer: [
    admin
      ? 'For pricing, custom sizes, orders and anything about your company account, contact the office during support hours (Monday - Friday, 9:00 AM - 5:00 PM EST). You are your company’s first point of contact for employee accounts.'
      : 'For sign-in or account questions, start with your company’s administrator. For product questions, custom sizes and pricing, contact the office during support hours (Monday - Friday, 9:00 AM - 5:00 PM EST).',
  ],
});

/** The FAQ per role (differs for admins and employees). */
export const FAQ_BY_ROLE: Record<HelpRole, FaqEntry[]> = {
  admin: [pricesAdmin, oddSize, measure, partNumber, employeesAdmin, companyAdmin, passwords, profile, contact(true)],
  employee: [prices, oddSize, measure, partNumber, passwords, profile, accessEmployee, contact(false)],
};
