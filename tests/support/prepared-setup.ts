// vitest setupFiles for the integration project: hands each test file what global-setup
// prepared for the run (see prepared-databases.ts).

import { inject } from 'vitest'
import { usePreparedDatabases } from './prepared-databases'

usePreparedDatabases(inject('preparedDatabases'))
