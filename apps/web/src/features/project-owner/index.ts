// The owner's parts of a project page: the Actions card (its edit, end and delete dialogs loaded when
// first needed) and planning a break. (My Projects is a screen: its route imports it.)
export { OwnerActions, PlanABreak } from './owner-actions';
