import { Arg, Query, Resolver } from 'type-graphql';
import { Requires } from '../graphql/access';
import { Permission } from '../staff/staff.types';
import { SalesReportService } from './sales-report.service';
import { SalesReport } from './sales-report.types';

/** The admin's sales overview (docs/graphql-api.md "Customers and sales overview"). */
@Resolver()
export class SalesReportResolver {
  constructor(private readonly sales: SalesReportService) {}

  @Requires(Permission.REPORTS)
  @Query(() => SalesReport, {
    description:
      'Paid sales over [from, to) by UTC day, method and product (at most 366 days), with the operator counters',
  })
  adminSalesReport(@Arg('from', () => Date) from: Date, @Arg('to', () => Date) to: Date): Promise<SalesReport> {
    return this.sales.report({ from, to });
  }
}
