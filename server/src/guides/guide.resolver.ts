import { Arg, Query, Resolver } from 'type-graphql';
import { Public } from '../graphql/access';
import { GuideCategory } from '../core/enums';
import { GuideService } from './guide.service';
import { InstallationGuide } from './installation-guide.entity';

@Resolver(() => InstallationGuide)
export class GuideResolver {
  constructor(private readonly guideService: GuideService) {}

  @Public()
  @Query(() => [InstallationGuide], {
    description: 'Installation guides, most viewed first; search matches title or server type (case-insensitive)',
  })
  guides(
    @Arg('search', () => String, { nullable: true }) search: string | null,
    @Arg('category', () => GuideCategory, { nullable: true }) category: GuideCategory | null,
  ): Promise<InstallationGuide[]> {
    return this.guideService.list(search, category);
  }
}
