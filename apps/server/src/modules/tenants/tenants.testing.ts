// What other modules' tests may use of the tenants module (issue 28 faces).
export { demoTenants } from './tenants.demo.ts';
