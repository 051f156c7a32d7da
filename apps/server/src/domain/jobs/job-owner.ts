/** Who acts on jobs: the signed-in employer and the organisation it belongs to (if set up). */
export interface JobOwner {
  userId: string;
  organizationId: string | null;
}
