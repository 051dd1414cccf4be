/** UI state of enterprise management: the page shown, the search text, the form, and the title-bar choices. */
import { create } from 'zustand';
import type { EnterpriseChoices, EnterpriseView } from '../../../../shared/ipc/schemas/enterprises.js';

interface EnterprisesState {
  rows: EnterpriseView[];
  total: number;
  query: string;
  page: number;
  pageSize: number;
  loading: boolean;
  /** The form: null closed, 'new' to initialise, or the enterprise being modified. */
  editing: 'new' | EnterpriseView | null;
  saving: boolean;
  choices: EnterpriseChoices | null;
  patch(patch: Partial<Omit<EnterprisesState, 'patch'>>): void;
}

export const useEnterprisesStore = create<EnterprisesState>()((set) => ({
  rows: [],
  total: 0,
  query: '',
  page: 1,
  pageSize: 10,
  loading: false,
  editing: null,
  saving: false,
  choices: null,
  patch: (patch) => set(patch),
}));
