import classes from './StackedTable.module.css';

/** Class names of a table that stacks its rows on a phone; cells carry `data-label` (their header). */
export const stackedTable = { withCheckbox: classes.stacked, plain: `${classes.stacked} ${classes.plain}` };
