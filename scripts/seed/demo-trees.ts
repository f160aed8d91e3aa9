// The demo organizations: their trees and the people placed in them. People with IdP
// accounts come from the local IdP's demo accounts; the rest are directory-only members.

/** A unit and its sub-units, by name. */
export type TreeSpec = [name: string, children?: TreeSpec[]];

export interface DemoTenantSpec {
  name: string;
  domain: string;
  owner: { email: string; name: string };
  tree: TreeSpec[];
  /** People without IdP accounts: [name, unit name, role]. */
  people: [string, string, 'manager' | 'member'][];
  /** Where each demo account (DEMO_USERS) is placed in this tenant, by unit name; the root otherwise. */
  placements: Record<string, string>;
  /** Signs in through the local SAML IdP instead of the local OpenID Provider. */
  saml?: boolean;
}

export const DEMO_TENANTS: DemoTenantSpec[] = [
  {
    name: 'Acme Corporation',
    domain: 'acme.test',
    owner: { email: 'alice@acme.test', name: 'Alice Admin' },
    tree: [
      ['Engineering', [
        ['Platform', [['Cloud', [['AWS squad'], ['GCP squad']]], ['Developer Tools'], ['Data']]],
        ['Product Engineering', [['Web'], ['Mobile', [['iOS'], ['Android']]]]],
        ['Security', [['AppSec'], ['Identity & Access']]],
      ]],
      ['Sales', [['EMEA'], ['Americas', [['North America'], ['LATAM']]], ['APAC']]],
      ['Marketing', [['Brand'], ['Growth'], ['Events']]],
      ['People', [['Recruiting'], ['People Ops']]],
      ['Finance', [['Accounting'], ['Payroll'], ['FP&A']]],
      ['Operations', [['IT'], ['Facilities']]],
    ],
    people: [
      ['Dana Lee', 'Platform', 'manager'], ['Eli Novak', 'Cloud', 'member'], ['Farah Khan', 'AWS squad', 'member'],
      ['Gus Ortiz', 'GCP squad', 'member'], ['Hana Sato', 'Web', 'member'], ['Ivan Petrov', 'iOS', 'member'],
      ['Jia Chen', 'Android', 'member'], ['Kofi Mensah', 'AppSec', 'member'], ['Lena Fischer', 'Sales', 'manager'],
      ['Marco Rossi', 'EMEA', 'member'], ['Nora Quinn', 'North America', 'member'], ['Omar Haddad', 'APAC', 'member'],
      ['Priya Nair', 'Marketing', 'manager'], ['Quentin Blake', 'Growth', 'member'], ['Rosa Diaz', 'Recruiting', 'member'],
      ['Sven Berg', 'Accounting', 'member'], ['Tara Singh', 'IT', 'member'], ['Uma Patel', 'Data', 'member'],
    ],
    placements: { 'bob@acme.test': 'Web', 'sam@acme.test': 'Engineering' },
  },
  {
    name: 'Globex',
    domain: 'globex.test',
    owner: { email: 'grace@globex.test', name: 'Grace Owner' },
    tree: [
      ['Research', [['Doomsday Devices'], ['Volcano Lair', [['Magma Engineering'], ['Lair Security']]]]],
      ['Operations', [['Logistics'], ['Procurement']]],
      ['Sales', [['Enterprise'], ['Government']]],
      ['Corporate', [['Legal'], ['Finance'], ['HR']]],
    ],
    people: [
      ['Vera Wolff', 'Research', 'manager'], ['Walt Kim', 'Doomsday Devices', 'member'], ['Xena Park', 'Magma Engineering', 'member'],
      ['Yuri Ivanov', 'Logistics', 'member'], ['Zoe Adams', 'Enterprise', 'member'], ['Abel Cruz', 'Legal', 'member'],
    ],
    placements: { 'hank@globex.test': 'Research', 'sam@acme.test': 'Volcano Lair' },
  },
  {
    name: 'Initech',
    domain: 'initech.test',
    owner: { email: 'peter@initech.test', name: 'Peter Gibbons' },
    tree: [['Software', [['TPS Reports'], ['Y2K Remediation']]], ['Basement']],
    people: [['Bill Lumbergh', 'Software', 'manager'], ['Samir Nagheenanajar', 'Y2K Remediation', 'member']],
    placements: { 'milton@initech.test': 'Basement' },
    saml: true,
  },
];
