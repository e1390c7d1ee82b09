import { atom } from 'jotai';
import { publicCompanyData, type CompanyData } from '../domain/entities/company.ts';
import { canShowPrices } from '../domain/entities/permission.ts';
import { configAtom } from './config.atoms.ts';

const companyDataBase = atom<CompanyData>(publicCompanyData());

/** The company's data (spec §3 "Company data"), or the public defaults without one. */
export const companyDataAtom = atom((get) => get(companyDataBase));
/** The session's: a company data block, property or fetched company. */
export const setCompanyDataAtom = atom(null, (_get, set, company: CompanyData) => set(companyDataBase, company));

/** Company mode: the mode attribute, else the company data's company_mode (DESIGN §3). */
export const companyModeAtom = atom((get) => {
  const mode = get(configAtom).mode;
  return mode === null ? get(companyDataBase).company_mode : mode === 'company';
});

/** Prices may be shown (spec §6). */
export const pricesAllowedAtom = atom((get) => canShowPrices(get(companyDataBase).permissions));
