// The people-tags limit as the create-post modal checks it while tags are placed, from the
// module the people-tags services load on first use.

export { peopleTagsProblem } from '@shared/data/people-tags'
