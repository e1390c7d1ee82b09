import { atom } from 'jotai';
import { canShowPrices, publicCompanyData, type CompanyData } from '../domain/index.ts';
import { configAtom } from './config.atoms.ts';

export const companyDataAtom = atom<CompanyData>(publicCompanyData());

/** Company mode: the mode attribute, else the company data's company_mode (DESIGN §3). */
export const companyModeAtom = atom((get) => {
  const mode = get(configAtom).mode;
  return mode === null ? get(companyDataAtom).company_mode : mode === 'company';
});

/** Prices may be shown (spec §6). */
export const pricesAllowedAtom = atom((get) => canShowPrices(get(companyDataAtom).permissions));
