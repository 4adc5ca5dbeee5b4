/** An upload's progress: a label, its percentage, and a progress bar named by the label. */
export function UploadProgress({ id, label, percent }: { id: string; label: string; percent: number }) {
  return (
    <div>
      <div className="flex justify-between text-sm text-slate-700">
        <span id={id}>{label}</span>
        <span className="tabular">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={id}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1 h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-primary-700 transition-[width]"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
