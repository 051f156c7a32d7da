import {
  REPORT_SECTION_TITLES,
  REPORT_SECTIONS,
  type TReportCsvQuery,
  type TReportFilters,
} from '@medhire/contract/reports';
import type { Db } from '../../db/index.ts';
import type { TeamMember } from '../team/member-right.ts';
import { getReport } from './get-report.ts';
import { reportTable, toCsv } from './report-tables.ts';

export interface ReportFile<Content> {
  filename: string;
  content: Content;
}

/** One section of the report as CSV, for the same filters (and the same scope) as the screen. */
export async function downloadReportCsv({
  db,
  member,
  query,
}: {
  db: Db;
  member: TeamMember;
  query: TReportCsvQuery;
}): Promise<ReportFile<string>> {
  const { section, ...filters } = query;
  const report = await getReport({ db, member, filters });
  return {
    filename: `medhire-${section}-${report.filters.from}-to-${report.filters.to}.csv`,
    content: toCsv(reportTable(report, section)),
  };
}

/**
 * The whole report as a PDF (pdfkit, built-in Helvetica, text kept as text so it can be searched
 * and read aloud, as the invoices are): the period and filters, then every section's table.
 */
export async function downloadReportPdf({
  db,
  member,
  filters,
}: {
  db: Db;
  member: TeamMember;
  filters: TReportFilters;
}): Promise<ReportFile<Buffer>> {
  const report = await getReport({ db, member, filters });
  // Loaded on the first download, not at start.
  const { default: PDFDocument } = await import('pdfkit');
  const document = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    info: {
      Title: `MedHire hiring report ${report.filters.from} to ${report.filters.to}`,
      Author: 'MedHire',
    },
  });
  const chunks: Buffer[] = [];
  document.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    document.on('end', resolve);
    document.on('error', reject);
  });

  const left = 48;
  const width = document.page.width - 96;
  document.fillColor('#0b5cab').font('Helvetica-Bold').fontSize(22).text('MedHire', left, 48);
  document.fillColor('#1f2933').fontSize(16).text('Hiring report');
  document.font('Helvetica').fontSize(10).text(`${report.filters.from} to ${report.filters.to}`);
  const job = report.options.jobs.find((option) => option._id === report.filters.jobId);
  const memberOption = report.options.members.find((option) => option._id === report.filters.memberId);
  if (job) document.text(`Job: ${job.title}`);
  if (memberOption) document.text(`Member: ${memberOption.name}`);

  for (const section of REPORT_SECTIONS) {
    const table = reportTable(report, section);
    document.moveDown(1.2);
    if (document.y > document.page.height - 140) document.addPage();
    document
      .font('Helvetica-Bold')
      .fontSize(13)
      .fillColor('#1f2933')
      .text(REPORT_SECTION_TITLES[section], left);
    document.moveDown(0.3);
    const columnWidth = width / table.headers.length;
    const printRow = (cells: (string | number)[], isHeader: boolean) => {
      if (document.y > document.page.height - 72) document.addPage();
      const y = document.y;
      document.font(isHeader ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      let bottom = y;
      cells.forEach((cell, index) => {
        document.text(String(cell), left + index * columnWidth, y, { width: columnWidth - 6 });
        bottom = Math.max(bottom, document.y);
      });
      document.y = bottom + 3;
    };
    printRow(table.headers, true);
    if (table.rows.length === 0) {
      document.font('Helvetica').fontSize(9).text('Nothing in this period.', left);
    }
    for (const row of table.rows) printRow(row, false);
  }
  document.end();
  await finished;
  return {
    filename: `medhire-report-${report.filters.from}-to-${report.filters.to}.pdf`,
    content: Buffer.concat(chunks),
  };
}
