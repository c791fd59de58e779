import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { requireUser } from '../../platform/principal/viewer.js';
import type { GraphQLContext } from '../../platform/principal/graphql-context.js';
import { badInput } from '../../platform/errors/app-error.js';
import { adobeCategoryNumber } from '../../analysis/metadata/categories.js';
import {
  AgencyExportFormat,
  ExportCheckType,
  ExportDownloadType,
  ExportFileType,
  ExportFormat,
  ExportKeywordRuleChangesType,
  ExportPreviewType,
} from './exports.types.js';
import type { ExportsService, ExportKind } from './exports.service.js';

/** What the export resolvers are built with (app/graphql-schema.ts). */
export interface ExportsResolverDeps {
  exports: ExportsService;
}

/** Exports for integrators and the web app; the same ExportsService serves the REST routes. */
@Resolver()
export class ExportsResolver {
  constructor(private readonly services: ExportsResolverDeps) {}

  @Mutation(() => ExportDownloadType, { description: 'A short-lived signed URL that downloads one export of your project (no Authorization header needed).' })
  async exportDownload(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Arg('format', () => ExportFormat, { description: 'What to download.' }) format: ExportFormat,
    @Arg('withJpgs', () => Boolean, { defaultValue: false, description: 'METADATA_ZIP only: include the JPGs with metadata written in.' }) withJpgs: boolean,
    @Ctx() ctx: GraphQLContext,
  ) {
    const link = await this.services.exports.downloadLink(requireUser(ctx), projectId, format, { withJpgs });
    return {
      format,
      url: link.url,
      expiresAt: link.expiresAt,
      fileName: link.fileName,
      incomplete: link.incomplete,
      note: link.note,
      projectId: link.projectId,
      kind: link.kind,
    };
  }

  @Query(() => ExportFileType, { description: 'A CSV export with its content inline, for projects of up to 2,000 file sets.' })
  async exportCsv(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Arg('format', () => ExportFormat, { description: 'The CSV format (METADATA_ZIP is not a CSV: use exportDownload).' }) format: ExportFormat,
    @Ctx() ctx: GraphQLContext,
  ) {
    if (format === ExportFormat.METADATA_ZIP) throw badInput('The metadata ZIP is binary: use exportDownload');
    const exp = await this.services.exports.csvContent(requireUser(ctx), projectId, format);
    return { format, fileName: exp.fileName, content: exp.content, incomplete: exp.incomplete, note: exp.note, keywordRuleChanges: exp.keywordRuleChanges };
  }

  @Query(() => ExportCheckType, { description: "Checks the agency CSV of a project against the agency's published rules: every row it would refuse, and why." })
  exportCheck(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Arg('format', () => AgencyExportFormat, { description: 'The agency whose rules to check against.' }) format: AgencyExportFormat,
    @Ctx() ctx: GraphQLContext,
  ) {
    return this.services.exports.check(requireUser(ctx), projectId, format);
  }

  @Query(() => ExportPreviewType, { description: 'The values the exports are built from, in export order (offset paging).' })
  async exportPreview(
    @Arg('projectId', () => ID, { description: 'One of your projects.' }) projectId: string,
    @Arg('first', () => Int, { defaultValue: 100, description: '1 to 500.' }) first: number,
    @Arg('offset', () => Int, { description: 'Rows to skip, 0 or more.', defaultValue: 0 }) offset: number,
    @Ctx() ctx: GraphQLContext,
  ) {
    const p = await this.services.exports.preview(requireUser(ctx), projectId, { first, offset });
    return {
      rows: p.rows.map((r) => ({ ...r, adobeCategoryNumber: adobeCategoryNumber(r.adobeCategory), keywordRuleChanges: r.keywordRuleChanges ?? [] })),
      totalFileSets: p.total,
      processedFileSets: p.processed,
      incomplete: p.incomplete,
      note: p.note,
    };
  }
}

/** ExportDownload.keywordRuleChanges: one pass over the rows, only when a client asks for it. */
@Resolver(() => ExportDownloadType)
export class ExportDownloadFieldsResolver {
  constructor(private readonly services: ExportsResolverDeps) {}

  @FieldResolver(() => ExportKeywordRuleChangesType, { description: "The rows whose keywords the project's keyword rules change in this export." })
  keywordRuleChanges(@Root() link: { projectId: string; kind: ExportKind }) {
    return this.services.exports.keywordRuleChanges(link.projectId, link.kind);
  }
}
