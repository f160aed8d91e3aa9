// Names that read like a company's org chart, for the large demo tenant: divisions, their
// departments, regions, teams and squads ("Engineering › Platform › Nordics › Team Kestrel ›
// Squad Gamma"), and people with first and last names. Each parent's children take consecutive
// entries of their level's list from a random start, so siblings never share a name (the app
// claims sibling names) while cousins vary.
import type { PlanNames, PlannedUnit } from './tenant-plan';

const DEPARTMENTS: Record<string, string[]> = {
  Engineering: ['Platform', 'Infrastructure', 'Developer Tools', 'Web', 'Mobile', 'Backend Services', 'Reliability', 'Quality', 'Data Engineering', 'Machine Learning', 'Architecture', 'Release Engineering'],
  Product: ['Core Product', 'Growth', 'Payments', 'Onboarding', 'Integrations', 'Mobile Apps', 'Insights', 'Enterprise', 'Search', 'Notifications', 'Billing', 'Accessibility'],
  Sales: ['Enterprise', 'Mid-Market', 'Small Business', 'Public Sector', 'Channel Partners', 'Inside Sales', 'Renewals', 'Sales Engineering', 'Sales Operations', 'Alliances', 'Retail', 'Healthcare'],
  Marketing: ['Brand', 'Content', 'Demand Generation', 'Product Marketing', 'Events', 'Communications', 'Web Marketing', 'Field Marketing', 'Partner Marketing', 'Social Media', 'Market Research', 'Lifecycle'],
  'Customer Success': ['Onboarding', 'Support', 'Account Management', 'Professional Services', 'Training', 'Community', 'Customer Advocacy', 'Technical Accounts', 'Escalations', 'Knowledge Base', 'Renewals', 'Implementation'],
  Operations: ['Facilities', 'IT', 'Procurement', 'Logistics', 'Business Operations', 'Vendor Management', 'Real Estate', 'Travel', 'Workplace', 'Quality Assurance', 'Compliance', 'Program Management'],
  Finance: ['Accounting', 'Payroll', 'FP&A', 'Treasury', 'Tax', 'Internal Audit', 'Revenue Operations', 'Procurement Finance', 'Investor Relations', 'Billing Operations', 'Controllership', 'Risk'],
  People: ['Recruiting', 'People Operations', 'Learning & Development', 'Compensation', 'Benefits', 'Employee Experience', 'Inclusion', 'HR Business Partners', 'Talent Management', 'Workforce Planning', 'People Analytics', 'Internal Communications'],
  Legal: ['Commercial', 'Privacy', 'Employment', 'Intellectual Property', 'Corporate', 'Litigation', 'Regulatory', 'Contracts', 'Ethics & Compliance', 'Trade', 'Licensing', 'Public Policy'],
  Research: ['Applied Research', 'Foundations', 'Human Factors', 'Materials', 'Simulation', 'Prototyping', 'Sensors', 'Optimization', 'Theory', 'Labs', 'Field Studies', 'Standards'],
  Design: ['Product Design', 'Design Systems', 'UX Research', 'Content Design', 'Brand Design', 'Motion', 'Illustration', 'Service Design', 'Inclusive Design', 'Design Prototyping', 'Design Operations', 'Industrial Design'],
  Security: ['Application Security', 'Cloud Security', 'Identity & Access', 'Security Operations', 'Threat Intelligence', 'Governance & Risk', 'Incident Response', 'Red Team', 'Privacy Engineering', 'Security Engineering', 'Vulnerability Management', 'Trust & Safety'],
  'Data & Analytics': ['Business Intelligence', 'Data Platform', 'Data Science', 'Analytics Engineering', 'Experimentation', 'Forecasting', 'Data Governance', 'Reporting', 'Customer Insights', 'Decision Science', 'ML Operations', 'Data Quality'],
  'Supply Chain': ['Sourcing', 'Planning', 'Warehousing', 'Distribution', 'Fulfillment', 'Transportation', 'Inventory', 'Supplier Quality', 'Manufacturing', 'Returns', 'Trade Compliance', 'Demand Planning'],
};
const DIVISIONS = Object.keys(DEPARTMENTS);
const REGIONS = [
  'North America', 'Latin America', 'UK & Ireland', 'DACH', 'France & Benelux', 'Nordics', 'Southern Europe',
  'Middle East & Africa', 'India', 'Southeast Asia', 'Japan & Korea', 'Australia & New Zealand',
];
const TEAMS = [
  'Atlas', 'Borealis', 'Cobalt', 'Delta', 'Ember', 'Falcon', 'Granite', 'Harbor', 'Indigo', 'Juniper', 'Kestrel', 'Lumen',
  'Meridian', 'Nimbus', 'Orion', 'Pioneer', 'Quartz', 'Raven', 'Summit', 'Tundra', 'Umber', 'Vertex', 'Willow', 'Zephyr',
].map((n) => `Team ${n}`);
const SQUADS = [
  'Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta', 'Eta', 'Theta', 'Iota', 'Kappa', 'Lambda', 'Mu',
  'Nu', 'Xi', 'Omicron', 'Pi', 'Rho', 'Sigma', 'Tau', 'Upsilon', 'Phi', 'Chi', 'Psi', 'Omega',
].map((n) => `Squad ${n}`);

const FIRST = [
  'Ada', 'Amara', 'Ana', 'Arjun', 'Ben', 'Carmen', 'Chen', 'Chloe', 'Dara', 'David', 'Elif', 'Emil', 'Farah', 'Felix', 'Grace', 'Hana',
  'Hugo', 'Ines', 'Ivan', 'Jamal', 'Jun', 'Kai', 'Kemi', 'Lars', 'Layla', 'Lena', 'Leo', 'Lucia', 'Malik', 'Mara', 'Mateo', 'Mei',
  'Nadia', 'Nils', 'Noah', 'Olga', 'Omar', 'Priya', 'Rafael', 'Rosa', 'Sami', 'Sofia', 'Tariq', 'Tomas', 'Uma', 'Vera', 'Yusuf', 'Zoe',
];
const LAST = [
  'Adeyemi', 'Andersson', 'Bauer', 'Becker', 'Costa', 'Da Silva', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Haddad', 'Hansen',
  'Ibarra', 'Ito', 'Jansen', 'Kaur', 'Khan', 'Kim', 'Kowalski', 'Larsen', 'Lindqvist', 'Lopez', 'Mensah', 'Moreau',
  'Murphy', 'Nakamura', 'Nguyen', 'Novak', 'Okafor', 'Olsen', 'Patel', 'Petrov', 'Quinn', 'Rossi', 'Santos', 'Sato',
  'Schmidt', 'Singh', 'Sokolov', 'Tanaka', 'Torres', 'Vargas', 'Wang', 'Weber', 'Williams', 'Yilmaz', 'Young', 'Zhang',
];

/** The list a new child of `parent` takes its name from; undefined below squads. */
function namesBelow(parent: PlannedUnit): string[] | undefined {
  switch (parent.depth) {
    case 0: return DIVISIONS;
    // A division's name may carry a round number ("Sales 2") when the root has more children than divisions.
    case 1: return DEPARTMENTS[parent.name.replace(/ \d+$/, '')] ?? DEPARTMENTS.Operations;
    case 2: return REGIONS;
    case 3: return TEAMS;
    case 4: return SQUADS;
    default: return undefined;
  }
}

/** Org-chart names; one instance per plan (it remembers each parent's random start). */
export function orgNames(): PlanNames {
  const starts = new Map<string, number>();
  return {
    unit(parent, { index, random }) {
      const list = namesBelow(parent);
      if (!list) return `Pod ${index + 1}`;
      let start = starts.get(parent.id);
      if (start === undefined) starts.set(parent.id, (start = Math.floor(random() * list.length)));
      const round = Math.floor(index / list.length);
      const name = list[(start + index) % list.length];
      return round === 0 ? name : `${name} ${round + 1}`;
    },
    person(i) {
      const first = FIRST[i % FIRST.length];
      // Every first name meets every last name before any pair repeats; a repeated pair gets a number in its email.
      const cycle = Math.floor(i / FIRST.length);
      const last = LAST[(cycle + i) % LAST.length];
      const repeat = Math.floor(i / (FIRST.length * LAST.length));
      const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
      return { name: `${first} ${last}`, emailLocalPart: repeat === 0 ? local : `${local}${repeat + 1}` };
    },
  };
}
