// A modal dialog on Radix Dialog (focus trap, Escape, labelled title and description).
import * as Dialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

interface ModalProps {
  readonly open: boolean;
  readonly title: string;
  readonly children: ReactNode;
  /** The buttons (the first one should be the safe choice). */
  readonly actions: ReactNode;
  readonly onOpenChange: (open: boolean) => void;
}

/** A modal dialog with a title, a description and actions. */
export function Modal({ open, title, children, actions, onOpenChange }: ModalProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="overlay" />
        <Dialog.Content className="dialog">
          <Dialog.Title>{title}</Dialog.Title>
          <Dialog.Description asChild>
            <div className="dialog-body">{children}</div>
          </Dialog.Description>
          <div className="actions">{actions}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
